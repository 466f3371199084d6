export * from "./credit-notes";
export * from "./mail";
