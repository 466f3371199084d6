const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
/** £1,234.00 */
export const formatGbp = (amount: number) => gbp.format(amount);
