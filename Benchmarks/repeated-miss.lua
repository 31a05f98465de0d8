-- wrk script: misses spread over 2,000 keys no table has (a steady backlog of missing keys,
-- as an app with untranslated screens makes), in German: each flush carries up to 2,000
-- entries with many hits each.
local counter = 0
request = function()
    counter = counter + 1
    return wrk.format("GET", "/labels/bench.repeated." .. (counter % 2000) .. "?lang=de")
end
