import { formatPounds } from "../../../lib/money";

/** "+£5.00" in, "−£4.99" out: the sign says it, not only the colour. */
export function SignedAmount({ amount }: { amount: number }) {
  const incoming = amount >= 0;
  return (
    <span className={incoming ? "console-amount--in" : "console-amount--out"}>
      {incoming ? "+" : "−"}
      {formatPounds(Math.abs(amount))}
    </span>
  );
}
