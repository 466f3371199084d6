export * from "./audit";
export * from "./middleware";
