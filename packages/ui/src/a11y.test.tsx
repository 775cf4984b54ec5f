/**
 * The primitives' accessibility contracts, on their server-rendered HTML (no DOM emulator): what
 * labels what, what describes what, which live-region role each message has. Focus trapping and
 * restoring (Dialog) are proven in real Chromium by the browser tests (cart drawer).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Alert,
  Button,
  Choice,
  ChoiceGroup,
  Field,
  formatMoney,
  isZeroMoney,
  Loading,
  LoadingSkeleton,
  MoreFilters,
  Price,
  Select,
  Skeleton,
  Table,
  tabClass,
  Tabs,
  TextArea,
} from './index.ts';

const html = (node: React.ReactNode) => renderToStaticMarkup(node);
/** The value of `attr` on the first `tag` element. */
const attr = (markup: string, tag: string, name: string) =>
  new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];

describe('Field and Select', () => {
  it('label the control, and describe it by its error and hint (error first); invalid only with an error', () => {
    const m = html(<Field label="E-mail" name="email" hint="For your receipt." error="Enter your e-mail." />);
    const id = attr(m, 'input', 'id')!;
    expect(attr(m, 'label', 'for')).toBe(id);
    expect(attr(m, 'input', 'aria-invalid')).toBe('true');
    expect(attr(m, 'input', 'aria-describedby')).toBe(`${id}-error ${id}-hint`);
    expect(m).toContain(`<p id="${id}-hint"`);
    expect(m).toMatch(new RegExp(`<p id="${id}-error"[^>]*>Enter your e-mail.</p>`));
    expect(m).not.toContain('role="alert"');

    const plain = html(<Field label="City" name="city" />);
    expect(attr(plain, 'input', 'aria-invalid')).toBeUndefined();
    expect(attr(plain, 'input', 'aria-describedby')).toBeUndefined();
  });

  it('use a given id, announce the error when asked, and keep a 44 px control', () => {
    const m = html(
      <Field
        id="coupon"
        label="Coupon code"
        error="No such coupon."
        announceError
        action={<Button type="submit">Apply</Button>}
      />,
    );
    expect(attr(m, 'label', 'for')).toBe('coupon');
    expect(attr(m, 'input', 'id')).toBe('coupon');
    expect(m).toMatch(/<p id="coupon-error" role="alert"[^>]*>No such coupon.<\/p>/);
    expect(attr(m, 'input', 'class')).toBe('ui-control'); // min-h-11, in styles.css
    expect(m).toMatch(/<input[^>]*>(<!-- -->)?<button type="submit"/); // the action sits beside the input
  });

  it('wires a select the same way', () => {
    const m = html(
      <Select label="Country" error="Choose a country." hint="Where we ship.">
        <option value="US">United States</option>
      </Select>,
    );
    const id = attr(m, 'select', 'id')!;
    expect(attr(m, 'label', 'for')).toBe(id);
    expect(attr(m, 'select', 'aria-invalid')).toBe('true');
    expect(attr(m, 'select', 'aria-describedby')).toBe(`${id}-error ${id}-hint`);
  });
});

describe('Button', () => {
  it('is type="button" unless told; busy means aria-busy and aria-disabled (focus stays), the label kept', () => {
    expect(attr(html(<Button>Save</Button>), 'button', 'type')).toBe('button');
    expect(attr(html(<Button type="submit">Save</Button>), 'button', 'type')).toBe('submit');
    const busy = html(<Button busy>Save</Button>);
    expect(busy).not.toMatch(/<button[^>]*\sdisabled=""/);
    expect(attr(busy, 'button', 'aria-busy')).toBe('true');
    expect(attr(busy, 'button', 'aria-disabled')).toBe('true');
    expect(busy).toMatch(/<span aria-hidden="true"[^>]*><\/span>Save<\/button>/);
    expect(attr(html(<Button>Save</Button>), 'button', 'aria-busy')).toBeUndefined();
  });

  it('keeps 44 px targets: always at the default size, on touch screens at the small one', () => {
    expect(attr(html(<Button>Go</Button>), 'button', 'class')).toContain('min-h-11');
    expect(
      attr(
        html(
          <Button size="sm" variant="link">
            Go
          </Button>,
        ),
        'button',
        'class',
      ),
    ).toContain('pointer-coarse:min-h-11');
  });
});

describe('Alert', () => {
  it('announces errors at once and the rest politely; a static notice has no live role; nothing without content', () => {
    expect(attr(html(<Alert>Failed.</Alert>), 'div', 'role')).toBe('alert');
    for (const variant of ['info', 'success', 'warning'] as const)
      expect(attr(html(<Alert variant={variant}>Done.</Alert>), 'div', 'role')).toBe('status');
    expect(
      attr(
        html(
          <Alert variant="warning" live={false} id="notes">
            Test cards.
          </Alert>,
        ),
        'div',
        'role',
      ),
    ).toBeUndefined();
    expect(html(<Alert>{undefined}</Alert>)).toBe('');
    expect(html(<Alert>{''}</Alert>)).toBe('');
  });
});

describe('Loading', () => {
  it('is a status that says what is loading; the spinner and skeletons are hidden from screen readers', () => {
    const spinner = html(<Loading label="Loading your cart…" />);
    expect(spinner).toMatch(
      /^<p role="status"[^>]*><span aria-hidden="true"[^>]*><\/span>Loading your cart…<\/p>$/,
    );
    const skeleton = html(
      <LoadingSkeleton label="Loading your checkout…">
        <Skeleton />
      </LoadingSkeleton>,
    );
    expect(skeleton).toMatch(
      /^<div role="status"[^>]*><span class="sr-only">Loading your checkout…<\/span><div aria-hidden="true"/,
    );
  });
});

describe('Choice', () => {
  it('a radio (by default) inside its label, the group named by its legend', () => {
    const m = html(
      <ChoiceGroup legend="Delivery">
        <Choice name="m" value="ship" defaultChecked>
          Ship
        </Choice>
      </ChoiceGroup>,
    );
    expect(m).toMatch(
      /^<fieldset[^>]*><legend[^>]*>Delivery<\/legend><label class="ui-choice [^"]*"><input type="radio" [^>]*\/>Ship<\/label><\/fieldset>$/,
    );
    expect(m).toMatch(/<input [^>]*name="m" checked="" value="ship"\/>/);
    expect(
      html(
        <ChoiceGroup legend="Shipping method" hideLegend>
          {null}
        </ChoiceGroup>,
      ),
    ).toContain('<legend class="sr-only">Shipping method</legend>');
    expect(
      html(
        <Choice type="checkbox" indicator={false}>
          Gift wrap
        </Choice>,
      ),
    ).toMatch(/<input type="checkbox" class="sr-only"\/>/);
  });
});

describe('Price and formatMoney', () => {
  it('a sale price says so to screen readers and strikes the regular price through', () => {
    const sale = html(
      <Price
        price={{ amount: '49.00', formattedAmount: '$49.00' }}
        compareAt={{ amount: '65.00', formattedAmount: '$65.00' }}
      />,
    );
    expect(sale).toContain('<span class="sr-only">Sale price </span>');
    expect(sale).toContain('<span class="sr-only">, regular price </span><s class="text-muted">$65.00</s>');
    const plain = html(
      <Price
        price={{ amount: '49.00', formattedAmount: '$49.00' }}
        compareAt={{ amount: '49.00', formattedAmount: '$49.00' }}
      />,
    );
    expect(plain).toBe('<span class=""><span class="font-semibold">$49.00</span></span>');
    expect(html(<Price price={undefined} />)).toBe('');
  });

  it("prefers the server's formatting, formats a bare amount in a currency as the server does, names zero when asked", () => {
    expect(formatMoney({ amount: '5.00', formattedAmount: '5,00 €' })).toBe('5,00 €');
    expect(formatMoney({ amount: '1234.5' }, { currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney({ amount: '7' })).toBe('7');
    expect(formatMoney({ amount: '0.00', formattedAmount: '$0.00' }, { zero: 'Free' })).toBe('Free');
    expect(formatMoney({ amount: '0.00', formattedAmount: '$0.00' })).toBe('$0.00');
    expect(formatMoney(undefined, { zero: 'Free' })).toBe('');
    expect([
      isZeroMoney({ amount: '0.00' }),
      isZeroMoney({ amount: '0.01' }),
      isZeroMoney(undefined),
    ]).toEqual([true, false, false]);
  });
});

describe('Table, Tabs, TextArea (the dashboard)', () => {
  it('names the table by its caption, and its scrolling box (a group, not a landmark) by the same caption, focusable', () => {
    const m = html(
      <Table caption="Orders" hideCaption>
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </Table>,
    );
    const id = attr(m, 'caption', 'id')!;
    expect(attr(m, 'div', 'role')).toBe('group');
    expect(attr(m, 'div', 'aria-labelledby')).toBe(id);
    expect(attr(m, 'div', 'tabindex')).toBe('0');
    expect(attr(m, 'caption', 'class')).toBe('sr-only');
  });

  it('draws tabs as a named navigation of links, the current one filled', () => {
    const m = html(
      <Tabs label="Period">
        <a href="?d=7" aria-current="page" className={tabClass(true)}>
          7 days
        </a>
        <a href="?d=30" className={tabClass(false)}>
          30 days
        </a>
      </Tabs>,
    );
    expect(attr(m, 'nav', 'aria-label')).toBe('Period');
    expect(m.match(/<li>/g)).toHaveLength(2);
    expect(tabClass(true)).toContain('bg-indigo-700');
    expect(tabClass(false)).toContain('pointer-coarse:min-h-11');
  });

  it('labels a text area and describes it by its error', () => {
    const m = html(<TextArea label="Reason" name="reason" error="Too long." />);
    const id = attr(m, 'textarea', 'id')!;
    expect(attr(m, 'label', 'for')).toBe(id);
    expect(attr(m, 'textarea', 'aria-describedby')).toBe(`${id}-error`);
    expect(attr(m, 'textarea', 'aria-invalid')).toBe('true');
  });
});

describe('MoreFilters', () => {
  it('folds on a phone behind a button that controls it, unless some are set; the filters stay in the form', () => {
    const folded = html(
      <MoreFilters set={0}>
        <Field label="Tags" name="tags" />
      </MoreFilters>,
    );
    const id = attr(folded, 'button', 'aria-controls')!;
    expect(attr(folded, 'button', 'aria-expanded')).toBe('false');
    expect(folded).toContain('>More filters</button>');
    // Hidden below md only (the button is md:hidden): wider screens always show the filters.
    expect(folded).toContain(`<div id="${id}" class="max-md:hidden">`);
    expect(folded).toContain('name="tags"');

    const set = html(
      <MoreFilters set={2} className="md:contents">
        <Field label="Tags" name="tags" />
      </MoreFilters>,
    );
    expect(attr(set, 'button', 'aria-expanded')).toBe('true');
    expect(set).toContain('>Fewer filters</button>');
    expect(attr(set, 'div', 'class')).toBe('md:contents');
  });
});
