// Lists' public face (decision 016). It owns `cart_items` and `wishlist_items`.
export { removeFromBothLists } from "./service";
export { exportCartOf, exportWishlistOf } from "./export";
