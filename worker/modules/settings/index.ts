export * from "./settings";
export * from "./xero-settings";
