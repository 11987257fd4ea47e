import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { StarRatingInput } from "./star-rating-input";

function Rated({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <StarRatingInput legend="Your rating" value={value} onChange={setValue} />;
}

describe("StarRatingInput", () => {
  it("is a labelled group of five radio buttons, none chosen at first", () => {
    render(<Rated />);
    const group = screen.getByRole("group", { name: "Your rating" });
    expect(group).toBeInTheDocument();
    const stars = screen.getAllByRole("radio");
    expect(stars.map((star) => star.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByRole("radio", { name: "1 star" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "5 stars" })).not.toBeChecked();
    expect(screen.getByText("Not rated")).toBeInTheDocument();
  });

  it("chooses with a click on a star and moves with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Rated />);
    await user.click(screen.getByRole("radio", { name: "3 stars" }));
    expect(screen.getByRole("radio", { name: "3 stars" })).toBeChecked();
    expect(screen.getByText("3 of 5")).toBeInTheDocument();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "4 stars" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "4 stars" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "2 stars" })).toBeChecked();
    expect(screen.getByText("2 of 5")).toBeInTheDocument();
  });

  it("is reached with Tab on the chosen star", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Rated initial={4} />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    expect(screen.getByRole("radio", { name: "4 stars" })).toHaveFocus();
  });
});
