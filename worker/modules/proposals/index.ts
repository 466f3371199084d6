export * from "./proposals";
