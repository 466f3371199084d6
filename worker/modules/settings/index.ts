export * from "./settings";
export * from "./xero-settings";
export * from "./late-payment-settings";
export * from "./payment-reminder-settings";
export * from "./bank-holidays";
