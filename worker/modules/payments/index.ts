export * from "./payments";
export * from "./reminders";
