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
