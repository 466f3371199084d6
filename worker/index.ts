/** The worker's entry: the Hono app for every request the assets layer passes on, and the live hub. */
import { app } from "./app";

export { LiveHub } from "./live/hub";
export type { AppType } from "./app";
export default app;
