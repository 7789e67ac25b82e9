-- Heavy requests for the mixed load test: searches that run into the time limit
-- or the position budget (answered 503 or 422 by design).
local paths = {
  "/api/value?spec=cram%206x7",
  "/api/table?game=octal:0.16&to=900000",
  "/api/value?spec=sos%2015",
  "/api/moves?spec=place:0.0,0.1,1.0%208x8",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

done = function(summary, latency, requests)
  io.write(string.format("HEAVY requests=%d\n", summary.requests))
end
