export * from "./activities";
export * from "./activity-items";
export * from "./automatic";
