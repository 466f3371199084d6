export * from "./dashboard";
