export * from "./digest";
export * from "./jobs";
