import { errorBodySchema } from "@folio/contract/common";
import {
  bookIdsRequestSchema,
  bookListStateSchema,
  cartQuantityParamsSchema,
  cartQuantityRequestSchema,
  cartSchema,
} from "@folio/contract/lists";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { sendJsonText } from "../../http/json-text";
import { authenticate, tokenHashOf } from "../accounts";
import {
  addToList,
  clearList,
  getOwnListJson,
  removeFromList,
  setCartQuantity,
  withTotal,
} from "./service";

const security = [{ bearer: [] }];
const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const listRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cart = { tags: ["cart"], security };
  const wishlist = { tags: ["wishlist"], security };

  api.post(
    "/api/cart/add",
    {
      schema: {
        ...cart,
        summary: "Add books to the cart (state ' exist.' if already there)",
        body: bookIdsRequestSchema,
        response: { 200: cartSchema, ...failures },
      },
    },
    async (request) =>
      withTotal(
        await addToList(ctx, "cart", await authenticate(ctx, request), request.body.bookId),
      ),
  );
  api.post(
    "/api/cart/remove",
    {
      schema: {
        ...cart,
        summary: "Remove books from the cart",
        body: bookIdsRequestSchema,
        response: { 200: cartSchema, ...failures },
      },
    },
    async (request) =>
      withTotal(
        await removeFromList(ctx, "cart", await authenticate(ctx, request), request.body.bookId),
      ),
  );
  api.post(
    "/api/cart/get",
    {
      schema: {
        ...cart,
        summary: "The cart, with its books and total",
        response: { 200: cartSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await getOwnListJson(ctx, "cart", tokenHashOf(request))),
  );
  api.post(
    "/api/cart/clear",
    {
      schema: {
        ...cart,
        summary: "Empty the cart",
        response: { 200: cartSchema, 401: errorBodySchema },
      },
    },
    async (request) => withTotal(await clearList(ctx, "cart", await authenticate(ctx, request))),
  );
  api.put(
    "/api/cart/:id",
    {
      schema: {
        ...cart,
        summary: "Set a cart item's quantity (only 1: an e-book loan is one copy)",
        params: cartQuantityParamsSchema,
        body: cartQuantityRequestSchema,
        response: { 200: cartSchema, ...failures },
      },
    },
    async (request) =>
      setCartQuantity(
        ctx,
        await authenticate(ctx, request),
        request.params.id,
        request.body.quantity,
      ),
  );

  api.post(
    "/api/wishlist/add",
    {
      schema: {
        ...wishlist,
        summary: "Add books to the wishlist (state ' exist.' if already there)",
        body: bookIdsRequestSchema,
        response: { 200: bookListStateSchema, ...failures },
      },
    },
    async (request) =>
      addToList(ctx, "wishlist", await authenticate(ctx, request), request.body.bookId),
  );
  api.post(
    "/api/wishlist/delete",
    {
      schema: {
        ...wishlist,
        summary: "Remove books from the wishlist",
        body: bookIdsRequestSchema,
        response: { 200: bookListStateSchema, ...failures },
      },
    },
    async (request) =>
      removeFromList(ctx, "wishlist", await authenticate(ctx, request), request.body.bookId),
  );
  api.post(
    "/api/wishlist/get",
    {
      schema: {
        ...wishlist,
        summary: "The wishlist, with its books",
        response: { 200: bookListStateSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await getOwnListJson(ctx, "wishlist", tokenHashOf(request))),
  );
};
