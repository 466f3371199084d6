export * from "./payments";
