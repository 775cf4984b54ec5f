import { Dialog } from '@vitrine/ui/dialog';
import { CartView } from './cart-view.tsx';

/** The cart drawer's content, loaded when it first opens (see cart-drawer.tsx). */
export default function CartPanel({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      placement="end"
      title="Your cart"
      closeLabel="Close cart"
    >
      <CartView compact />
    </Dialog>
  );
}
