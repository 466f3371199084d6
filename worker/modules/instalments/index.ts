export * from "./delivery";
export * from "./instalments";
export * from "./numbering";
export * from "./raised";
