/**
 * The `jobs.errors.*` messages of the jobs board's schemas, in both languages (registered in the
 * shared catalogue, i18n/catalogue.ts, so the browser and the API say the same).
 */
export const jobsMessages = {
  es: {
    errors: {
      title: 'Indique el título de la oferta (de {{min}} a {{max}} caracteres)',
      companyName: 'Indique el nombre de la empresa (de {{min}} a {{max}} caracteres)',
      description: 'Describa el puesto (de {{min}} a {{max}} caracteres)',
      conditions: 'Las condiciones no pueden superar {{max}} caracteres',
      city: 'Elija una ciudad de la lista',
      contractType: 'Elija el tipo de contrato',
      language: 'Elija el idioma de la oferta',
      salary: 'Indique un salario bruto anual en euros mayor que cero, con dos decimales como máximo',
      salaryTooLarge: 'El salario no puede superar {{max}} € al año',
      salaryRange: 'El salario máximo no puede ser inferior al mínimo',
      closesOn: 'Indique una fecha de cierre válida (AAAA-MM-DD)',
      closesOnPast: 'La fecha de cierre no puede ser anterior a hoy',
      status: 'Elija un estado válido',
      note: 'La nota no puede superar {{max}} caracteres',
      phone: 'Indique un teléfono válido (de 6 a 15 cifras)',
      cvNotPdf: 'El currículum debe ser un archivo PDF',
      cvTooLarge: 'El currículum no puede superar {{max}} MB',
      cvFileName: 'Indique el nombre del archivo (como máximo {{max}} caracteres)',
      search: 'La búsqueda no puede superar {{max}} caracteres',
    },
  },
  en: {
    errors: {
      title: 'Enter the job title ({{min}} to {{max}} characters)',
      companyName: 'Enter the company name ({{min}} to {{max}} characters)',
      description: 'Describe the job ({{min}} to {{max}} characters)',
      conditions: 'The conditions cannot exceed {{max}} characters',
      city: 'Choose a city from the list',
      contractType: 'Choose the contract type',
      language: 'Choose the language of the offer',
      salary: 'Enter a gross annual salary in euros above zero, with at most two decimals',
      salaryTooLarge: 'The salary cannot exceed €{{max}} a year',
      salaryRange: 'The maximum salary cannot be lower than the minimum',
      closesOn: 'Enter a valid closing date (YYYY-MM-DD)',
      closesOnPast: 'The closing date cannot be earlier than today',
      status: 'Choose a valid status',
      note: 'The note cannot exceed {{max}} characters',
      phone: 'Enter a valid phone number (6 to 15 digits)',
      cvNotPdf: 'The CV must be a PDF file',
      cvTooLarge: 'The CV cannot be larger than {{max}} MB',
      cvFileName: 'Enter the file name (at most {{max}} characters)',
      search: 'The search cannot exceed {{max}} characters',
    },
  },
} as const;
