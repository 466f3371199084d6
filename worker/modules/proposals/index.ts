export * from "./link-email";
export * from "./proposals";
