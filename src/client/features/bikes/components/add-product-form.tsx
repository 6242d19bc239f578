import { Link } from "react-router";
import type { User } from "../../../../shared/schemas/users";
import { FormError, SelectField, SubmitButton, TextField } from "../../../components/form-field";
import { ReadOnlyField } from "../../../components/read-only-field";
import { TextAreaField } from "../../../components/text-area-field";
import { useAddProduct } from "../use-add-product";

interface AddProductFormProps {
  user: User;
  categories: { value: string; label: string }[];
}

/**
 * The seed's fields in the seed's order, with PRODUCT.md §7's changes: no
 * unused Price, Title and Years of use added, Email and seller Name read-only
 * (the server takes both from the session).
 */
export function AddProductForm({ user, categories }: AddProductFormProps) {
  const { form, submit, pending, formError, added } = useAddProduct();
  const { errors } = form.formState;
  const number = { valueAsNumber: true } as const;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={formError} />
      {added ? (
        <div role="status" className="alert alert-success alert-soft text-sm">
          <span>
            "{added}" is listed.{" "}
            <Link to="/dashboard/MyProduct" className="link font-semibold">
              See it in My products
            </Link>
          </span>
        </div>
      ) : null}
      <TextField
        label="Title"
        placeholder="e.g. Suzuki Gixxer SF, one owner"
        registration={form.register("title")}
        error={errors.title?.message}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          registration={form.register("phone")}
          error={errors.phone?.message}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          registration={form.register("location")}
          error={errors.location?.message}
        />
        <ReadOnlyField label="Email" value={user.email} />
        <TextField
          label="Resale price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          registration={form.register("resalePrice", number)}
          error={errors.resalePrice?.message}
        />
        <TextField
          label="Original price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          registration={form.register("originalPrice", number)}
          error={errors.originalPrice?.message}
        />
        <ReadOnlyField label="Name" value={user.name} hint="Buyers see this as the seller." />
      </div>
      <TextField
        label="Image link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="A link to a photo of the bike, starting with https://"
        registration={form.register("imageUrl")}
        error={errors.imageUrl?.message}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Bike Name"
          placeholder="e.g. Gixxer SF"
          registration={form.register("name")}
          error={errors.name?.message}
        />
        <TextField
          label="Years of use"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          registration={form.register("yearsOfUse", number)}
          error={errors.yearsOfUse?.message}
        />
        <SelectField
          label="Category"
          placeholder="Select category"
          options={categories}
          registration={form.register("categoryId")}
          error={errors.categoryId?.message}
        />
      </div>
      <TextAreaField
        label="Description"
        hint="Optional: condition, service history, extras."
        registration={form.register("description")}
        error={errors.description?.message}
      />
      <SubmitButton pending={pending}>submit</SubmitButton>
    </form>
  );
}
