-- Small positions for the load test: `value` of each in turn.
local paths = {
  "/api/value?spec=nim%203,4,5",
  "/api/value?spec=nim%2013,12,8",
  "/api/value?spec=kayles%2020",
  "/api/value?spec=chomp%203,2",
  "/api/value?spec=nim%203%20%2B%20sub:2,5,8%2011",
  "/api/value?spec=wythoff%207,10",
  "/api/value?spec=hackenbush%20g-a,a-b,a-c,c-c",
  "/api/value?spec=sub:1,3,4%20100&misere=true",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

done = function(summary, latency, requests)
  local e = summary.errors
  local errors = e.connect + e.read + e.write + e.status + e.timeout
  io.write(string.format("RESULT requests=%d seconds=%.1f rps=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000, errors))
end
