import { z } from 'zod';
import { decimalString, id, isoDate, price } from './scalars.ts';

/** Payment (transaction) statuses: `regularPaymentDetails.status` (orders-payments.md §4). */
export const paymentTransactionStatus = z.enum([
  'UNDEFINED',
  'APPROVED',
  'PENDING',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'AUTHORIZED',
  'VOIDED',
]);
export type PaymentTransactionStatus = z.infer<typeof paymentTransactionStatus>;

export const paymentCollectabilityStatus = z.enum([
  'UNKNOWN',
  'COLLECTABLE',
  'NONCOLLECTABLE_ORDER_IS_CANCELLED',
  'NONCOLLECTABLE_ORDER_IS_PAID',
  'NONCOLLECTABLE_MISSING_PAYMENT_METHOD',
  'NONCOLLECTABLE_ORDER_IS_PENDING',
  'NONCOLLECTABLE_ORDER_IS_REJECTED',
  'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS',
  'NONCOLLECTABLE_ORDER_HAS_CHARGEBACKS',
  'NONCOLLECTABLE_SUBSCRIPTION_CYCLE_ALREADY_PASSED',
  'NONCOLLECTABLE_ORDER_HAS_UNSUPPORTED_SUBSCRIPTION',
  'NONCOLLECTABLE_CUSTOM_AMOUNT_NOT_SUPPORTED',
]);
export type PaymentCollectabilityStatus = z.infer<typeof paymentCollectabilityStatus>;

export const scheduledActionType = z.enum(['VOID', 'CAPTURE']);
export const delayDurationUnit = z.enum(['MINUTES', 'HOURS', 'DAYS']);

/** Why a payment cannot be refunded (spec §8 refund-unavailability reasons). */
export const nonRefundableReason = z.enum([
  'NONE',
  'ALREADY_REFUNDED',
  'PROVIDER_IS_DOWN',
  'INTERNAL_ERROR',
  'NOT_PAID',
  'ACCESS_DENIED',
  'ZERO_PRICE',
  'DISABLED_BY_PROVIDER',
  'PENDING_REFUND',
  'FORBIDDEN',
  'TRANSACTION_NOT_FOUND',
  'ORDER_IS_PENDING',
  'ORDER_IS_REJECTED',
]);
export type NonRefundableReason = z.infer<typeof nonRefundableReason>;
export const refundableStatus = z.enum(['NOT_REFUNDABLE', 'MANUAL', 'REFUNDABLE']);
/** Why a payment can only be refunded by hand, outside the provider (spec §8 lists these as payment-cancel reasons). */
export const manuallyRefundableReason = z.enum([
  'EXPIRED',
  'NOT_SUPPORTED',
  'OFFLINE',
  'REQUIRES_CARD_READER',
]);

/** A money input: `{amount: "25.00"}` (formattedAmount, if sent, is ignored). */
export const paymentAmountInput = z.object({
  amount: decimalString(),
  formattedAmount: z.string().max(100).optional(),
});

export const paymentDelayedCaptureSettings = z.object({
  scheduledAction: scheduledActionType,
  delayDuration: z.object({ count: z.number().int().min(1).max(10_000), unit: delayDurationUnit }),
});
export type PaymentDelayedCaptureSettings = z.infer<typeof paymentDelayedCaptureSettings>;

const ecomOrderId = { ecomOrderId: id.optional() };

export const preparePaymentCollectionRequest = z.object({
  ...ecomOrderId,
  amount: paymentAmountInput,
  paymentGatewayOrderId: z.string().min(1).max(100).optional(),
  delayedCapture: z.boolean().optional(),
  delayedCaptureSettings: paymentDelayedCaptureSettings.optional(),
  merchantInitiated: z.boolean().optional(),
  redirectUrls: z
    .object({
      successUrl: z.string().max(2000).optional(),
      cancelUrl: z.string().max(2000).optional(),
      errorUrl: z.string().max(2000).optional(),
      pendingUrl: z.string().max(2000).optional(),
    })
    .optional(),
});
export const preparePaymentCollectionResponse = z.object({ paymentGatewayOrderId: z.string() });

export const paymentCollectabilityResponse = z.object({ status: paymentCollectabilityStatus, amount: price });

export const captureAuthorizedPaymentsRequest = z.object({
  ...ecomOrderId,
  payments: z
    .array(z.object({ paymentId: id, amount: paymentAmountInput.optional() }))
    .min(1)
    .max(100),
});
export const voidAuthorizedPaymentsRequest = z.object({
  ...ecomOrderId,
  paymentIds: z.array(id).min(1).max(100),
});

export const triggerRefundRequest = z.object({
  ...ecomOrderId,
  payments: z
    .array(
      z.object({
        paymentId: id,
        amount: paymentAmountInput.optional(),
        externalRefund: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(100),
  details: z
    .object({
      reason: z.string().max(200).optional(),
      shippingIncluded: z.boolean().optional(),
    })
    .optional(),
});
export const markOrderAsPaidRequest = z.object({ ...ecomOrderId });

const authorizationDetails = z.object({
  delayedCapture: z.boolean(),
  authorizedDate: isoDate.optional(),
  captures: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
      amount: price,
      createdDate: isoDate,
    }),
  ),
  void: z
    .object({
      status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
      voidedDate: isoDate,
      reason: z.enum(['MANUAL', 'SCHEDULED']),
    })
    .optional(),
  scheduledAction: z.object({ actionType: scheduledActionType, executionDate: isoDate }).optional(),
});

export const orderPayment = z.object({
  id: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  amount: price,
  refundDisabled: z.boolean(),
  regularPaymentDetails: z
    .object({
      paymentOrderId: z.string().optional(),
      gatewayTransactionId: z.string().optional(),
      paymentMethod: z.string(),
      offlinePayment: z.boolean(),
      status: paymentTransactionStatus,
      savedPaymentMethod: z.boolean(),
      creditCardDetails: z.object({ lastFourDigits: z.string(), brand: z.string() }).optional(),
      authorizationDetails: authorizationDetails.optional(),
      /**
       * Vitrine's own: how the buyer was told to pay an offline payment made with one of the store's
       * manual payment methods (its instructions when the order was placed; `paymentMethod` is its name).
       */
      offlinePaymentInstructions: z.string().optional(),
    })
    .optional(),
  /** What a gift card paid (instead of `regularPaymentDetails`). */
  giftcardPaymentDetails: z
    .object({
      giftCardPaymentId: z.string(),
      appId: z.string(),
      voided: z.boolean(),
      obfuscatedCode: z.string().optional(),
    })
    .optional(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const orderRefund = z.object({
  id: z.string(),
  createdDate: isoDate,
  transactions: z.array(
    z.object({
      paymentId: z.string(),
      amount: price,
      refundStatus: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'SCHEDULED', 'STARTED']),
      gatewayRefundId: z.string().optional(),
      externalRefund: z.boolean(),
    }),
  ),
  details: z.object({ reason: z.string().optional(), shippingIncluded: z.boolean() }),
  summary: z.object({ requestedRefund: price, refunded: price, pending: z.boolean() }),
});

export const orderTransactions = z.object({
  orderId: z.string(),
  payments: z.array(orderPayment),
  refunds: z.array(orderRefund),
});
export type OrderTransactions = z.infer<typeof orderTransactions>;
export const orderTransactionsResponse = z.object({ orderTransactions });

export const refundabilityResponse = z.object({
  refundabilities: z.array(
    z.object({
      paymentId: z.string(),
      refundabilityStatus: refundableStatus,
      nonRefundableReason: nonRefundableReason.optional(),
      manuallyRefundableReason: manuallyRefundableReason.optional(),
    }),
  ),
  refundablePerItem: z.boolean(),
});
export const triggerRefundResponse = z.object({
  orderTransactions,
  refundId: z.string(),
  failedPaymentIds: z.array(z.object({ id: z.string(), originalIndex: z.number(), success: z.boolean() })),
});

/** Our own API for the hosted checkout page: pay a payment gateway order with the test gateway. */
export const testGatewayCard = z.object({
  number: z.string().min(1).max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().min(1).max(10),
  holderName: z.string().min(1).max(200),
});
export const testGatewayPayRequest = z.object({
  paymentGatewayOrderId: z.string().min(1).max(100),
  card: testGatewayCard,
});
export type TestGatewayCard = z.infer<typeof testGatewayCard>;
export const testGatewayPayResponse = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  status: paymentTransactionStatus,
  amount: price,
  creditCardDetails: z.object({ lastFourDigits: z.string(), brand: z.string() }),
});
export type TestGatewayPay = z.infer<typeof testGatewayPayResponse>;

/**
 * `POST /payments/v1/offline-payment` (Vitrine's own, the hosted checkout page): the buyer chooses
 * one of the store's manual payment methods for a payment gateway order instead of a card. The
 * order is placed, awaiting payment (`PENDING_MERCHANT`), and the answer says how to pay.
 */
export const offlinePaymentRequest = z.strictObject({
  paymentGatewayOrderId: z.string().min(1).max(100),
  /** The manual payment method's id (store settings' `manualPaymentMethods`). */
  methodId: z.string().min(1).max(64),
});
export const offlinePaymentResponse = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  status: paymentTransactionStatus,
  amount: price,
  /** The method's name ("Bank transfer"). */
  paymentMethod: z.string(),
  /** What the buyer does to pay, as the method says. */
  instructions: z.string(),
});
export type OfflinePayment = z.infer<typeof offlinePaymentResponse>;
