export * from "./clients";
