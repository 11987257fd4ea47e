// Reviews' public face (decision 016). It owns `reviews`; a book's rating is the catalogue's.
export { reviewRoutes as reviewsPlugin } from "./routes";
export { deleteReviewsOf, hideReview, moderatorDeleteReview, unhideReview } from "./service";
export { exportReviewsOf } from "./export";
export { listStaffReviews, staffReviewById, staffReviewsOf } from "./staff-reads";
