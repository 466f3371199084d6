export * from "./projects";
