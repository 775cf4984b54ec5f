-- Same-named choices of a shared option share one id (build.ts `buildOptions`, since 2026-12-04), so
-- `?Color=Navy` and a choice-id filter find every navy product. Products made before kept a choice id
-- of their own for a name another product already had; this gives each such choice the id of the
-- earliest product's same-named choice of that option (as `sharedOptions` picks it), in the
-- product's options and its variants alike. Choice ids live nowhere else: carts, orders and
-- back-in-stock requests name variants, and orders copy the choices' names.
create temporary table choice_id_map on commit drop as
with choice as (
  select p.id as product_id, p.created_at, o.value->>'id' as option_id, c.ordinality,
    c.value->>'choiceId' as choice_id, lower(c.value->>'name') as lname
  from catalog_product p
  cross join lateral jsonb_array_elements(p.options) o
  cross join lateral jsonb_array_elements(o.value->'choices') with ordinality c
),
canon as (
  select distinct on (option_id, lname) option_id, lname, choice_id as canon_id
  from choice
  order by option_id, lname, created_at, product_id, ordinality
),
mapped as (
  select ch.product_id, ch.option_id, ch.choice_id as old_id, k.canon_id as new_id
  from choice ch join canon k using (option_id, lname)
),
-- A product's option is left as it is when the new ids would not stay distinct within it (two of
-- its choices once renamed to one name, or an id reused under two names).
safe as (
  select product_id, option_id from mapped
  group by product_id, option_id
  having count(distinct new_id) = count(*) and count(distinct old_id) = count(*)
)
select m.product_id, m.option_id, m.old_id, m.new_id
from mapped m join safe using (product_id, option_id)
where m.old_id <> m.new_id;

update catalog_product p
set options = (
    select jsonb_agg(
      jsonb_set(o.value, '{choices}', coalesce((
        select jsonb_agg(
          case when m.new_id is null then c.value
            else jsonb_set(c.value, '{choiceId}', to_jsonb(m.new_id)) end
          order by c.ordinality)
        from jsonb_array_elements(o.value->'choices') with ordinality c
        left join choice_id_map m
          on m.product_id = p.id and m.option_id = o.value->>'id' and m.old_id = c.value->>'choiceId'
      ), '[]'::jsonb))
      order by o.ordinality)
    from jsonb_array_elements(p.options) with ordinality o
  ),
  revision = p.revision + 1
where p.id in (select product_id from choice_id_map);

update catalog_variant v
set choices = (
    select jsonb_agg(
      case when m.new_id is null then x.value
        else jsonb_set(x.value, '{choiceId}', to_jsonb(m.new_id)) end
      order by x.ordinality)
    from jsonb_array_elements(v.choices) with ordinality x
    left join choice_id_map m
      on m.product_id = v.product_id and m.option_id = x.value->>'optionId' and m.old_id = x.value->>'choiceId'
  )
where v.product_id in (select product_id from choice_id_map) and jsonb_array_length(v.choices) > 0;
