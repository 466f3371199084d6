export * from "./publish";
