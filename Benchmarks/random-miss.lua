-- wrk script: every request asks for a different key that no table has (a miss:
-- the fallback chain is walked to the end and the key is echoed), in German.
local counter = 0
request = function()
    counter = counter + 1
    return wrk.format("GET", "/labels/bench.missing." .. math.random(1, 1000000000) .. "." .. counter .. "?lang=de")
end
