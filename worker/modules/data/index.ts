export * from "./backups";
export * from "./data-check";
export * from "./data-transfer";
export * from "./housekeeping";
