export * from "./booking-settings";
