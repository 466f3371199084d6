export * from "./booking-settings";
export * from "./book";
export * from "./calls";
export * from "./invitations";
export * from "./manage";
export * from "./retention";
export * from "./host-calendar";
