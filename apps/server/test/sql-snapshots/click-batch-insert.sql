-- $1 = "[{\"i\":\"019aa0f2-7c3b-7000-8000-000000000001\",\"t\":1795169730123,\"p\":2,\"o\":1,\"l\":3,\"s1\":\"placement-1\",\"k\":\"pc-1\",\"r\":\"bench\",\"a\":\"203.0.113.7\",\"g\":\"Mozilla/5.0\"}]"
-- $2 = "[{\"t\":1795169730123,\"p\":2,\"o\":9,\"n\":\"offer_paused\",\"u\":\"https://fallback.example/\",\"a\":\"203.0.113.7\",\"g\":\"Mozilla/5.0\"}]"
/* prepared */ INSERT INTO click_batches (clicks, fallbacks) VALUES ($1, $2)
