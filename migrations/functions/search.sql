-- Search (ADR 0005, 0015). The current definition: src/server/db/migrate.ts runs this file after the
-- numbered migrations on every start, so a changed body takes effect then; a changed argument list or
-- return type needs a numbered migration that drops the old function first.
--
-- nearest_offers decides which offerings a nearest-first page shows: active offerings of the matched
-- tests at approved labs, within the price and rating filters (and, with p_home, at labs that collect
-- samples at homes within reach of the point), from the p_labs labs nearest the point
-- (labs_earth_idx, KNN), nearest first. Called by findOffers in
-- src/server/modules/search/search.repository.ts (search.service.ts), which falls back to a query over
-- every lab when these labs cannot fill the page. A function for its plan: planning this join with
-- earthdistance costs more than running it, and PostgreSQL kept choosing custom plans for the prepared
-- statement; here the generic plan is made once per connection. That plan must stream the labs in index
-- order through nested loops (ADR 0034): with hash or merge joins allowed, the generic plan's guess of
-- 200 labs (a LIMIT by parameter) made it scan every lab profile to hash-join 60 labs, and sort all their
-- offers, at twice the cost per search (ADR 0048), so both are off for this function alone.
--
-- tahaleel_normalize, which search matches names with, is not here on purpose: tests.search_ar and
-- tests.search_en store its results (generated columns), so changing it needs a numbered migration that
-- computes them again, as 0014 does. Its current definition is migrations/0014_normalize_locale_independent.ts.

-- The point at latitude `lat`, longitude `lon` (degrees) as earthdistance places it: ll_to_earth, whose
-- result is the domain earth, which keeps PostgreSQL from inlining it, so every search parsed its body
-- again. The same cube, inlined (labs.earth stays ll_to_earth's, a stored column).
create or replace function earth_point(lat float8, lon float8) returns cube
    language sql immutable parallel safe
    as $$ select cube(cube(cube(earth() * cos(radians(lat)) * cos(radians(lon))), earth() * cos(radians(lat)) * sin(radians(lon))),
                      earth() * sin(radians(lat))) $$;

-- The distance along the earth's surface, in metres, of two points `chord` metres apart in a straight
-- line (a cube distance, which is what labs_earth_idx orders by): earthdistance's sec_to_gc, as
-- earth_distance measures it. Written again because sec_to_gc is a strict SQL function with a CASE, so
-- PostgreSQL cannot inline it: every call ran its body as a query of its own, parsed again in every
-- search (a fifth of nearest_offers' time). This one inlines, to the same metres.
create or replace function surface_metres(chord float8) returns float8
    language sql immutable parallel safe
    as $$ select 2 * earth() * asin(least(chord / (2 * earth()), 1)) $$;

create or replace function nearest_offers(p_tests integer[], p_lat float8, p_lon float8, p_min_price integer,
      p_max_price integer, p_min_rating numeric, p_labs integer, p_limit integer, p_offset integer, p_home boolean)
    returns table (lab_test_id integer, lab_id uuid, test_id integer, test_name_ar text, test_name_en text,
                   lab_name_ar text, lab_name_en text, lab_address_ar text, lab_address_en text, lab_city text,
                   lab_rating numeric, lab_review_count integer, price_halalas integer, distance_meters float8,
                   home_collection_fee_halalas integer, lab_latitude float8, lab_longitude float8)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    set enable_hashjoin = off
    set enable_mergejoin = off
    as $$
    #variable_conflict use_column
    declare
      origin cube := earth_point(p_lat, p_lon);
    begin
      -- The nearest labs stream out of labs_earth_idx in order and carry their distance as d, so the
      -- planner keeps that order through the nested loops and finishes with an incremental sort on
      -- (d, lt.id): it stops at the first lab that completes the page instead of joining and sorting
      -- the offers of all p_labs labs (ADR 0034). d is the straight-line distance through the earth
      -- (cube_distance): surface_metres turns it into the distance along the surface, which is what
      -- earth_distance would measure again, through sec_to_gc.
      return query
        select lt.id, l.id, t.id, t.name_ar, t.name_en, l.lab_name_ar, l.lab_name_en, l.address_ar, l.address_en,
               l.city, l.rating, l.review_count, lt.price_halalas, round(surface_metres(l.d))::float8,
               l.home_collection_fee_halalas, l.latitude, l.longitude
          from (select n.*, n.earth <-> origin as d from labs n where n.earth is not null
                 order by n.earth <-> origin limit p_labs) l
          join user_profiles p on p.id = l.id and p.user_type = 'lab' and p.approved
          join lab_tests lt on lt.lab_id = l.id and lt.test_id = any(p_tests) and lt.is_active
          join tests t on t.id = lt.test_id
         where lt.price_halalas between p_min_price and p_max_price and l.rating >= p_min_rating
           -- Home collection: labs that offer it and whose radius reaches the searcher.
           and (not p_home or (l.home_collection_fee_halalas is not null and surface_metres(l.d) <= l.home_radius_km * 1000))
         order by l.d, lt.id
         limit p_limit offset p_offset;
    end
  $$;

-- match_tests: the tests whose stored normalized names (tests.search_ar/search_en) match a query text,
-- best first: word similarity ≥ 0.45 to either name (typos), or either name containing it. Called by
-- matchTests in src/server/modules/search/search.repository.ts, which keeps rows scoring ≥ 0.45.
-- Every condition is one the trigram indexes answer (tests_search_*_trgm_idx): the threshold is the
-- operator <%'s setting, not a word_similarity(...) >= 0.45 that only a scan of every row can test.
-- enable_seqscan is off for this query alone: the planner prices each similarity at one operator while
-- it costs microseconds per row, so it scanned every test and measured six similarities on each
-- (EXPLAIN ANALYZE in ADR 0034).
create or replace function match_tests(p_text text, p_limit integer)
    returns table (id integer, score float8)
    language plpgsql stable
    set pg_trgm.word_similarity_threshold = 0.45
    set enable_seqscan = off
    as $$
    #variable_conflict use_column
    declare
      q text := tahaleel_normalize(p_text);
    begin
      return query
        select t.id, greatest(
                 word_similarity(q, t.search_en),
                 word_similarity(q, t.search_ar),
                 case when t.search_ar like '%' || q || '%' or t.search_en like '%' || q || '%' then 1 else 0 end
               )::float8 as score
          from tests t
         where q <% t.search_en or q <% t.search_ar
            or t.search_ar like '%' || q || '%' or t.search_en like '%' || q || '%'
         order by score desc, t.id
         limit p_limit;
    end
  $$;
