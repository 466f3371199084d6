export * from "./credit-notes";
