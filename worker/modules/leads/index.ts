export * from "./lead-activities";
export * from "./lead-workflow";
export * from "./leads";
export * from "./won-value";
export * from "./lead-by-email";
