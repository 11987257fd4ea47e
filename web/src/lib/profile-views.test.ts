import { describe, expect, it } from "vitest";
import { profileViewFromLocation, profileViewPath } from "./profile-views";

describe("profileViewFromLocation", () => {
  it("takes the view from the query", () => {
    expect(profileViewFromLocation("/user/profile", "?view=TopUp")).toBe("TopUp");
    expect(profileViewFromLocation("/user/profile", "?view=wishlist")).toBe("Wishlist");
  });

  it.each([
    ["/user/recent-borrows", "CurrentBorrowings"],
    ["/user/loan-history", "LoanHistory"],
    ["/user/wishlist", "Wishlist"],
    ["/user/reviews", "Reviews"],
    ["/user/payment-orders", "PaymentRecords"],
    ["/user/settings", "Settings"],
    ["/user/settings/", "Settings"],
  ])("opens %s on %s", (path, view) => {
    expect(profileViewFromLocation(path, "")).toBe(view);
  });

  it("prefers the query over the path, and falls back to User Details", () => {
    expect(profileViewFromLocation("/user/settings", "?view=Reviews")).toBe("Reviews");
    expect(profileViewFromLocation("/user/profile", "")).toBe("UserDetails");
    expect(profileViewFromLocation("/user/profile", "?view=Nonsense")).toBe("UserDetails");
    expect(profileViewFromLocation("/user/settings", "?view=Nonsense")).toBe("Settings");
  });

  it("builds the link of a view", () => {
    expect(profileViewPath("PaymentRecords")).toBe("/user/profile?view=PaymentRecords");
  });
});
