export type SkeletonShape = "line" | "short" | "block";

const SHAPE_CLASS: Record<SkeletonShape, string> = {
  line: "skeleton skeleton--text",
  short: "skeleton skeleton--text skeleton--short",
  block: "skeleton skeleton--block",
};

/** Grey placeholders in the shape of what is loading: lines of text, short lines, blocks. */
export function SkeletonLines({ shapes }: { shapes: readonly SkeletonShape[] }) {
  return shapes.map((shape, index) => <div key={index} className={SHAPE_CLASS[shape]} />);
}
