/** How an e-mail to a client opens: by a person's first name, never by a company's. */
import { describe, expect, it } from "vitest";
import { firstNameOf, greetingFor, opensWithGreeting } from "../../contract/greeting";

describe("greeting a client", () => {
  it("greets a person by their first name, however the name was typed", () => {
    for (const [name, first] of [
      ["Olivia Bennett", "Olivia"],
      ["  olivia   bennett ", "Olivia"],
      ["OLIVIA BENNETT", "Olivia"],
      ["Jo", "Jo"],
      ["Mary-Jane O'Neill", "Mary-Jane"],
      ["Siân Llewellyn", "Siân"],
      ["Bennett, Olivia", "Olivia"],
      ["Dr Anita Patel", "Anita"],
      ["Mr. John Smith", "John"],
      ["Dr Patel", "Dr Patel"],
      ["Jean-Luc de la Cruz", "Jean-Luc"],
    ])
      expect(firstNameOf(name), name).toBe(first);
  });

  it("greets no one by a company's name, an address, initials or nothing", () => {
    for (const name of [
      "Brierley Brewing Co.",
      "Carter Bakes",
      "VM Fitness",
      "ABC Plumbing",
      "Acme Ltd",
      "Smith & Sons",
      "The Yoga Room",
      "Sophie Turner Yoga",
      "jo@example.com",
      "J. Smith",
      "J Smith",
      "Mr",
      "Studio 54",
      "Info",
      "",
      "   ",
      null,
      undefined,
    ])
      expect(firstNameOf(name), String(name)).toBeNull();
  });

  it("says Hello with the name, or Hello alone", () => {
    expect(greetingFor("Olivia Bennett")).toBe("Hello Olivia,");
    expect(greetingFor("Brierley Brewing Co.")).toBe("Hello,");
    expect(greetingFor(null)).toBe("Hello,");
  });

  it("knows a message that already opens with a greeting, so none is added above it", () => {
    for (const m of ["Hello Jo,\n\nHere it is.", "Hi Olivia", "Dear Dr Patel,", "Good morning all,\nText", "hello,"])
      expect(opensWithGreeting(m), m).toBe(true);
    for (const m of ["Here is our proposal.", "Hiking trip photos attached", "Thank you, hello again next week"])
      expect(opensWithGreeting(m), m).toBe(false);
  });
});
