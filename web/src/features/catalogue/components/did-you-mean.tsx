import { Link } from "react-router";
import "./did-you-mean.css";

interface DidYouMeanProps {
  /** The search as the reader likely meant it ("Pride and Prejudice"). */
  suggestion: string;
  /** The same search with the misspelt field replaced by the suggestion. */
  to: string;
}

export function DidYouMean({ suggestion, to }: DidYouMeanProps) {
  return (
    <p className="did-you-mean">
      Did you mean <Link to={to}>{suggestion}</Link>?
    </p>
  );
}
