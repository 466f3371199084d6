export * from "./tasks";
