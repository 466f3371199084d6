export * from "./device";
export * from "./invites";
export * from "./middleware";
export * from "./send-guard";
export * from "./session";
export * from "./sign-in";
export * from "./user-admin";
export * from "./users";
