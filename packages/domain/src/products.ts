import { z } from 'zod';

// Products of the book (spec §3 case-list filter "product types").
export const PRODUCTS = ['AUTO', 'TWO_WHEELER', 'HOME', 'PERSONAL', 'CREDIT_CARD', 'MOBILE'] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_LABEL_KEY: Record<Product, string> = {
  AUTO: 'ProductAuto',
  TWO_WHEELER: 'ProductTwoWheeler',
  HOME: 'ProductHome',
  PERSONAL: 'ProductPersonal',
  CREDIT_CARD: 'ProductCreditCard',
  MOBILE: 'ProductMobile',
};

/** A list filter's product types: comma-separated codes in a query string; an unknown code is refused by name. */
export const productCodesParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const list = value
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
    const unknown = list.filter((code) => !(PRODUCTS as readonly string[]).includes(code));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown product type ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return list as Product[];
  });
