// The review tables are typed in catalog/seller-ratings.ts: bike reads and
// bookings read them too.
export {
  type ReviewsTable,
  type ReviewTables,
  withReviewTables,
} from "../../catalog/seller-ratings";
