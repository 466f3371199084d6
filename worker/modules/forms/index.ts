export * from "./form-submissions";
