export * from "./activities";
export * from "./activity-items";
