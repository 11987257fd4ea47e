import { describe, expect, it } from "vitest";
import { checkRegistration, collectAccountChanges } from "./account-validation";

describe("checkRegistration", () => {
  const valid = {
    name: "Ada",
    email: "ada@example.com",
    password: "secret",
    confirmPassword: "secret",
  };

  it("accepts a complete form", () => {
    expect(checkRegistration(valid)).toBeNull();
  });

  it("reports problems in the order a person fixes them", () => {
    expect(checkRegistration({ ...valid, name: " ", email: "bad", password: "1" })).toEqual({
      message: "Please fill in all fields",
      fields: ["name"],
    });
    expect(checkRegistration({ ...valid, email: "a b@c.d", password: "1" })?.message).toBe(
      "Please enter a valid email address",
    );
    expect(checkRegistration({ ...valid, password: "12345", confirmPassword: "x" })?.message).toBe(
      "Password must be at least 6 characters long",
    );
    expect(checkRegistration({ ...valid, confirmPassword: "secreT" })?.message).toBe(
      "Passwords do not match",
    );
  });
});

describe("collectAccountChanges", () => {
  it("keeps only the filled fields, trimmed (passwords as typed)", () => {
    expect(collectAccountChanges({ name: " Ada ", email: "", password: "" })).toEqual({
      changes: { name: "Ada" },
      problem: null,
    });
    expect(collectAccountChanges({ name: "", email: "", password: " pass word " }).changes).toEqual(
      { password: " pass word " },
    );
  });

  it("needs at least one field", () => {
    expect(collectAccountChanges({ name: " ", email: "", password: "" }).problem?.message).toBe(
      "Please fill at least one field to update",
    );
  });
});
