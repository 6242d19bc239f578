import type { User } from "../shared/schemas/users";
import type { Auth } from "./auth";
import type { AppDb, Dialect } from "./db/database";
import type { Env } from "./env";
import type { PhotoStorage } from "./features/uploads/photo-storage";
import type { Logger } from "./logger";

/** Everything a request handler may need, created once at start. */
export interface Deps {
  env: Env;
  db: AppDb;
  dialect: Dialect;
  auth: Auth;
  logger: Logger;
  /** Uploaded photos' files: DATA_DIR/uploads, or an object store behind the same interface. */
  photos: PhotoStorage;
}

/** Hono's per-request variables. */
export interface AppBindings {
  Variables: {
    deps: Deps;
    requestId: string;
    user: User | null;
    sessionId: string | null;
  };
}
