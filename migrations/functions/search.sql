-- Search (ADR 0005, 0015). The current definition: src/server/db/migrate.ts runs this file after the
-- numbered migrations on every start, so a changed body takes effect then; a changed argument list or
-- return type needs a numbered migration that drops the old function first.
--
-- nearest_offers decides which offerings a nearest-first page shows: active offerings of the matched
-- tests at approved labs, within the price and rating filters, from the p_labs labs nearest the point
-- (labs_earth_idx, KNN), nearest first. Called by findOffers in
-- src/server/modules/search/search.repository.ts (search.service.ts), which falls back to a query over
-- every lab when these labs cannot fill the page. A function for its plan: planning this join with
-- earthdistance costs more than running it, and PostgreSQL kept choosing custom plans for the prepared
-- statement; here the generic plan is made once per connection.
--
-- tahaleel_normalize, which search matches names with, is not here on purpose: tests.search_ar and
-- tests.search_en store its results (generated columns), so changing it needs a numbered migration that
-- computes them again, as 0014 does. Its current definition is migrations/0014_normalize_locale_independent.ts.
create or replace function nearest_offers(p_tests integer[], p_lat float8, p_lon float8, p_min_price integer,
      p_max_price integer, p_min_rating numeric, p_labs integer, p_limit integer, p_offset integer)
    returns table (lab_test_id integer, lab_id uuid, test_id integer, test_name_ar text, test_name_en text,
                   lab_name_ar text, lab_name_en text, lab_address_ar text, lab_address_en text, lab_city text,
                   lab_rating numeric, lab_review_count integer, price_halalas integer, distance_meters float8)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    as $$
    #variable_conflict use_column
    declare
      origin cube := ll_to_earth(p_lat, p_lon);
    begin
      return query
        select lt.id, l.id, t.id, t.name_ar, t.name_en, l.lab_name_ar, l.lab_name_en, l.address_ar, l.address_en,
               l.city, l.rating, l.review_count, lt.price_halalas, round(earth_distance(l.earth, origin))::float8
          from (select n.id from labs n where n.earth is not null order by n.earth <-> origin limit p_labs) near
          join labs l on l.id = near.id
          join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
          join lab_tests lt on lt.lab_id = l.id and lt.test_id = any(p_tests) and lt.is_active
          join tests t on t.id = lt.test_id
         where lt.price_halalas between p_min_price and p_max_price and l.rating >= p_min_rating
         order by l.earth <-> origin, lt.id
         limit p_limit offset p_offset;
    end
  $$;
