SELECT COUNT(*) AS busan FROM orders WHERE region = 'busan';
