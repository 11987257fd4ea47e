// Lists' public face (decision 016). It owns `cart_items` and `wishlist_items`.
export { listRoutes as listsPlugin } from "./routes";
export { removeFromBothLists } from "./service";
export { exportCartOf, exportWishlistOf } from "./export";
